import { Scenario } from '../support/scenario.ts';
// current eliminated in Fase 2
{
const g = Scenario.of('mortadella.rules', 4, { seed: 3 });
const first = g.state.current;
g.tokens(first, { Popolo: 7 });
g.dice(['Popolo','Torre','Torre','Vino','Ratto']).answerWhile('Usare il Deus Ex-Machina?', 'non usare il Deus Ex-Machina');
g.pick(first, ['Dado 1','Dado 2','Dado 3']);
g.choose(first, 'Dado 1');
console.log(g.pending, g.state.current, g.state.dice, g.logText().slice(-8));
g.choose(1, 'tieni');
console.log(g.pending, g.state.dice);
}
// Festa with current at 7
{
const g = Scenario.of('mortadella.rules', 4, { seed: 3 });
const first = g.state.current;
g.tokens(first, { Popolo: 7 });
g.dice(['Popolo','Popolo','Popolo','Popolo','Popolo']).answerWhile('Usare il Deus Ex-Machina?', 'non usare il Deus Ex-Machina');
console.log(g.pending, g.state.players.map(p=>p.tokens), g.logText().slice(-8));
}
