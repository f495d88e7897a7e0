// 1,000 quiet and 1,000 logged games of rules/percorsi.rules, generated code against the stepper.
import { differentialSuite, fullBudget } from './differential.ts';

differentialSuite('percorsi.rules', fullBudget);
