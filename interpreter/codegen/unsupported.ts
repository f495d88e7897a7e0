/**
 * Something the generator does not write out: the caller falls back to the closure or the stepper.
 * Not an Error: it is thrown often while generating, and an Error would capture a stack each time.
 */
export class Unsupported {
  constructor(readonly message: string) {}
}
