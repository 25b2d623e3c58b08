import { beforeEach } from 'vitest';
import { takeAppErrorLines } from './app-error-log.ts';

// A test that fails shows the errors its apps logged while it ran (test/app-error-log.ts).
beforeEach(({ onTestFailed }) => {
  takeAppErrorLines();
  onTestFailed(() => {
    const lines = takeAppErrorLines();
    if (lines.length > 0) process.stderr.write(`The test's apps logged:\n${lines.join('')}`);
  });
});
