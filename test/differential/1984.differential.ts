// 1,000 quiet and 1,000 logged games of rules/1984.rules, generated code against the stepper.
import { differentialSuite, fullBudget } from './differential.ts';

differentialSuite('1984.rules', fullBudget);
