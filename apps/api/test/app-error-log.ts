import type { DestinationStream } from 'pino';

/**
 * Where the test apps write their error-level log lines: kept, not printed, and printed
 * beside a test that fails (test/print-app-errors.ts). A 500 then says what went wrong,
 * while the errors tests provoke on purpose (an unreachable payment provider, a forged
 * sign-in state) stay out of a passing run's output.
 */
const lines: string[] = [];

export const appErrorLog: DestinationStream = {
  write: (line) => {
    lines.push(line);
  },
};

/** The lines written since the last call, removed. */
export function takeAppErrorLines(): string[] {
  return lines.splice(0);
}
