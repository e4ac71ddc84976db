import { createApiBuilderFromCtpClient, type ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
/** Small timing helpers shared by the benchmarks: warm up, then report the median of many runs. */
export interface Figure {
  name: string;
  medianMs: number;
  p95Ms: number;
  runs: number;
}

export async function measure(name: string, runs: number, work: (i: number) => unknown, warmup = Math.min(200, runs)): Promise<Figure> {
  for (let i = 0; i < warmup; i++) await work(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work(warmup + i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { name, medianMs: times[Math.floor(times.length / 2)]!, p95Ms: times[Math.floor(times.length * 0.95)]!, runs };
}

export function print(figure: Figure, extra = ''): void {
  const ms = (value: number) => (value < 1 ? value.toFixed(3) : value.toFixed(2));
  console.log(
    `${figure.name.padEnd(44)} median ${ms(figure.medianMs).padStart(8)} ms   p95 ${ms(figure.p95Ms).padStart(8)} ms   (${figure.runs} runs)${extra}`,
  );
}

export function residentMegabytes(): number {
  return Math.round(process.memoryUsage().rss / 1024 / 1024);
}

/** The official SDK, client-credentials flow, against the given API and auth origins through `httpClient`. */
export function sdkApiRoot(projectKey: string, apiUrl: string, authUrl: string, httpClient: typeof fetch): ByProjectKeyRequestBuilder {
  const client = new ClientBuilder()
    .withProjectKey(projectKey)
    .withClientCredentialsFlow({ host: authUrl, projectKey, credentials: { clientId: 'c', clientSecret: 's' }, httpClient })
    .withHttpMiddleware({ host: apiUrl, httpClient })
    .build();
  return createApiBuilderFromCtpClient(client).withProjectKey({ projectKey });
}
