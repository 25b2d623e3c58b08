// `npm install`'s last step: installs the one test tool npm cannot install as a dependency
// (the HTTPS grade test's scanner, scripts/test-https-grade.mjs), so that `npm test` does not
// spend its budget on it: beside the first suites it cost about 12 s of CPU and 6–8 s of the
// run (2026-12-05). Nothing here fails an install: should it not work, `npm test` tries again
// and names the command that fixes it.
import { installObservatory, observatoryReady } from './test-https-grade.mjs';

// An install without the development dependencies (a production image) runs no tests.
const withoutDevDependencies =
  process.env.NODE_ENV === 'production' || (process.env.npm_config_omit ?? '').includes('dev');

if (!withoutDevDependencies && !observatoryReady()) {
  try {
    await installObservatory();
  } catch (error) {
    console.error(
      `The HTTPS grade test's scanner was not installed (${error.message}); npm test will try again.`,
    );
  }
}
