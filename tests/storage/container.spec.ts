/**
 * The container image, tested without a Docker engine: the final stage of the Dockerfile is parsed
 * (ENV, WORKDIR, USER, VOLUME, EXPOSE, HEALTHCHECK, ENTRYPOINT, CMD, COPY --from) and its exact
 * command is started here with its exact environment. Only two things are mapped as `docker run`
 * would: the volume directory to a temporary one, and the port to a free one.
 */
import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCli } from './run-cli.js';
import { needsBuild } from '../support/build.js';

interface Image {
  env: Record<string, string>;
  workdir: string;
  user: string;
  volumes: string[];
  exposed: string[];
  entrypoint: string[];
  cmd: string[];
  healthcheck: string[];
  copiedFromBuild: string[];
  stages: string[];
}

/** Reads the instructions of the Dockerfile's final stage (continuation lines joined). */
function parseDockerfile(text: string): Image {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const stages = lines.filter((line) => /^FROM\s/i.test(line));
  const final = lines.slice(lines.lastIndexOf(stages.at(-1)!));
  const image: Image = {
    env: {},
    workdir: '/',
    user: 'root',
    volumes: [],
    exposed: [],
    entrypoint: [],
    cmd: [],
    healthcheck: [],
    copiedFromBuild: [],
    stages,
  };
  const json = (rest: string) => {
    expect(rest.trim(), `JSON (exec) form expected: ${rest}`).toMatch(/^\[.*\]$/);
    return JSON.parse(rest) as string[];
  };
  for (const line of final) {
    const [, instruction, rest = ''] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    switch (instruction?.toUpperCase()) {
      case 'ENV': {
        const [, name, value] = /^(\w+)=(\S*)$/.exec(rest) ?? [];
        expect(name, `one ENV NAME=value per line: ${line}`).toBeTruthy();
        image.env[name!] = value!;
        break;
      }
      case 'WORKDIR':
        image.workdir = rest;
        break;
      case 'USER':
        image.user = rest;
        break;
      case 'VOLUME':
        image.volumes.push(...json(rest));
        break;
      case 'EXPOSE':
        image.exposed.push(...rest.split(/\s+/));
        break;
      case 'ENTRYPOINT':
        image.entrypoint = json(rest);
        break;
      case 'CMD':
        image.cmd = json(rest);
        break;
      case 'HEALTHCHECK':
        image.healthcheck = json(rest.replace(/^(--\S+\s+)*CMD\s+/, ''));
        break;
      case 'COPY': {
        const [, source] = /^--from=build\s+(\S+)\s+\S+$/.exec(rest) ?? [];
        if (source) image.copiedFromBuild.push(source);
        break;
      }
    }
  }
  return image;
}

const image = parseDockerfile(readFileSync('Dockerfile', 'utf8'));

/** The environment `docker run` gives the process: the image's ENV (plus PATH), then the run's own. */
function containerEnv(volume: string, port: number | string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: tmpdir() };
  for (const [name, value] of Object.entries({ ...image.env, ...extra })) {
    const mount = image.volumes.find((v) => value === v || value.startsWith(`${v}/`));
    env[name] = mount ? join(volume, value.slice(mount.length)) : value;
  }
  env.COMMERCE_MOCK_PORT = String(port); // `-p` maps the exposed port; here: any free one
  return env;
}

/** The image's command, run from the checkout that WORKDIR stands for (bin/ and dist/ are there after the build). */
const command = () => [...image.entrypoint, ...image.cmd];

test.describe('container image (Dockerfile run without Docker)', () => {
  needsBuild();

  let volume: string;
  test.beforeEach(() => {
    volume = mkdtempSync(join(tmpdir(), 'commerce-mock-volume-'));
  });
  test.afterEach(() => rmSync(volume, { recursive: true, force: true }));

  test('the Dockerfile has a small Node 20 base, a build stage, a non-root user, port 8989, a health check and a data volume', () => {
    expect(image.stages[0]).toMatch(/^FROM node:20-(slim|alpine)\S* AS build$/i);
    expect(image.stages.at(-1)).toMatch(/^FROM node:20-(slim|alpine)\S*$/i);
    expect(image.user).not.toMatch(/^(root|0)(:|$)/);
    expect(image.exposed).toContain('8989');
    expect(image.env.COMMERCE_MOCK_PORT).toBe('8989');
    expect(image.volumes).toEqual(['/data']);
    expect(image.env.COMMERCE_MOCK_DATA_FILE).toMatch(/^\/data\//);
    expect(image.env.COMMERCE_MOCK_STORAGE).toBe('memory');
    expect(image.entrypoint).toEqual(['node', 'bin/commerce-mock.js']);
    expect(image.cmd).toEqual(['serve']);
    expect(image.env.COMMERCE_MOCK_HOST).toBe('0.0.0.0');
    expect(image.healthcheck.join(' ')).toContain('/__mock/health');
    expect(image.workdir).toBe('/app');
    const dockerignore = readFileSync('.dockerignore', 'utf8');
    for (const excluded of ['node_modules', 'dist', '.git', '*.db']) expect(dockerignore.split('\n')).toContain(excluded);
  });

  test('everything the image copies from the build stage exists after a build, including what better-sqlite3 loads at run time', () => {
    const fromBuild = image.copiedFromBuild.map((source) => source.replace(/^\/app\//, ''));
    for (const path of fromBuild) expect(existsSync(path), `${path} (COPY --from=build)`).toBe(true);
    // better-sqlite3's run-time dependency closure (prebuild-install runs at install time only).
    const closure = new Set<string>();
    const visit = (name: string) => {
      if (closure.has(name) || name === 'prebuild-install') return;
      closure.add(name);
      const manifest = JSON.parse(readFileSync(join('node_modules', name, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      Object.keys(manifest.dependencies ?? {}).forEach(visit);
    };
    visit('better-sqlite3');
    expect(
      fromBuild
        .filter((p) => p.startsWith('node_modules/'))
        .map((p) => p.slice('node_modules/'.length))
        .sort(),
    ).toEqual([...closure].sort());
    expect(fromBuild).toContain('dist');
    expect(existsSync('node_modules/better-sqlite3/build/Release/better_sqlite3.node')).toBe(true);
  });

  test('the image command serves with the image environment (in memory), passes its health check and stops on SIGTERM', async () => {
    const server = await startCli(command(), containerEnv(volume, 0));
    try {
      expect(server.output()).toContain('storage: memory');
      const health = await fetch(`${server.url}/__mock/health`);
      expect(await health.json()).toEqual({ status: 'ok', storage: 'memory' });
      const port = new URL(server.url).port;
      const [program, ...args] = image.healthcheck;
      const check = spawnSync(program === 'node' ? process.execPath : program!, args, {
        env: containerEnv(volume, port),
        encoding: 'utf8',
        timeout: 10_000,
      });
      expect(check.status, check.stderr).toBe(0);
      const project = await fetch(`${server.url}/test-project`);
      expect(await project.json()).toMatchObject({ key: 'test-project' });
    } finally {
      expect(await server.stop()).toBe(0);
    }
    // The health check fails once nothing serves.
    const [program, ...args] = image.healthcheck;
    const down = spawnSync(program === 'node' ? process.execPath : program!, args, {
      env: containerEnv(volume, new URL(server.url).port),
      timeout: 10_000,
    });
    expect(down.status).toBe(1);
  });

  test('-e COMMERCE_MOCK_HOST chooses the address, as documented (no flag in the command overrides it)', async () => {
    const server = await startCli(command(), containerEnv(volume, 0, { COMMERCE_MOCK_HOST: '127.0.0.2' }));
    try {
      expect(new URL(server.url).hostname).toBe('127.0.0.2');
      expect(await (await fetch(`${server.url}/__mock/health`)).json()).toEqual({ status: 'ok', storage: 'memory' });
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  test('with -e COMMERCE_MOCK_STORAGE=sqlite the data lives in the volume and survives a restart', async () => {
    const run = () => startCli(command(), containerEnv(volume, 0, { COMMERCE_MOCK_STORAGE: 'sqlite' }));
    const first = await run();
    let id: string;
    try {
      expect(first.output()).toContain(`storage: sqlite ${join(volume, 'commerce-mock.db')}`);
      const created = await fetch(`${first.url}/shop/customers`, {
        method: 'POST',
        body: JSON.stringify({ email: 'volume@example.com', password: 'pw', key: 'in-the-volume' }),
      });
      expect(created.status).toBe(201);
      id = ((await created.json()) as { customer: { id: string } }).customer.id;
    } finally {
      expect(await first.stop()).toBe(0);
    }
    expect(existsSync(join(volume, 'commerce-mock.db'))).toBe(true);

    const second = await run();
    try {
      expect(await (await fetch(`${second.url}/__mock/health`)).json()).toEqual({ status: 'ok', storage: 'sqlite' });
      const found = await fetch(`${second.url}/shop/customers/key=in-the-volume`);
      expect(found.status).toBe(200);
      expect(await found.json()).toMatchObject({ id, email: 'volume@example.com', version: 1 });
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});
