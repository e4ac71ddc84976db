/** Starts the compiled CLI the way a user or the container does, and stops it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/**
 * This process's environment without what would set the CLI's options or its caches (COMMERCE_MOCK_*,
 * PORT, Node's compile cache and debug variables), plus `extra`: a test's CLI sees only what it gives.
 */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(
    ([name]) =>
      !name.startsWith('COMMERCE_MOCK_') &&
      !name.startsWith('NODE_COMPILE_CACHE') &&
      name !== 'NODE_DISABLE_COMPILE_CACHE' &&
      name !== 'NODE_DEBUG' &&
      name !== 'PORT',
  );
  return { ...Object.fromEntries(kept), ...extra };
}

export interface RunningCli {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

export async function startCli(command: string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): Promise<RunningCli> {
  const [program, ...args] = command;
  const child = spawn(program === 'node' ? process.execPath : program!, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening on" line within 15 s: ${output}`)), 15_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}: ${output}`));
    });
  });
  return {
    child,
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = await exited;
      return code as number | null;
    },
  };
}

/** Runs the CLI expecting it to fail; resolves with its exit code and output. */
export async function failingCli(command: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const [program, ...args] = command;
  const child = spawn(program === 'node' ? process.execPath : program!, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = await once(child, 'exit');
  return { code: code as number | null, output };
}
