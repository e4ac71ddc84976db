import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Ends every run with the one line CI reads: `N passed, N failed` (plus skipped when any). */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    if (result.status === 'skipped') this.skipped++;
    else if (test.outcome() === 'expected' || test.outcome() === 'flaky') this.passed++;
    else this.failed++;
  }

  onEnd(_result: FullResult): void {
    const skipped = this.skipped ? `, ${this.skipped} skipped` : '';
    console.log(`${this.passed} passed, ${this.failed} failed${skipped}`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
