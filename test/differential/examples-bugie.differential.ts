// 1,000 quiet and 1,000 logged games of rules/examples/bugie.rules, generated code against the stepper.
import { differentialSuite, fullBudget } from './differential.ts';

differentialSuite('examples/bugie.rules', fullBudget);
