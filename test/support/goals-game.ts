/**
 * A two-player game whose roles' goals are given: each turn the player gains Oro or Ferro, and wins
 * on meeting their role's goal; it ends after `rounds` rounds. The codegen tests of goals play it
 * on generated code and on the stepper (codegen-written-out, the property test of goals).
 */
export function goalsGame(first: string, second: string, rounds: number): string {
  return `game "Mete" { players 2 }
tokens Oro, Ferro
roles secret {
  Re goal ${first}
  Regina goal ${second}
}
setup { deal roles }
turns {
  choose by current { option "oro" { gain 1 Oro to current } option "ferro" { gain 1 Ferro to current } }
  if meetsGoal(current) { win current "meta" }
  if round >= ${rounds} { end game "fine" }
}
`;
}
