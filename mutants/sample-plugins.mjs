// Stryker plugins for a sampled run (sample.mjs). The checker passes only the mutants in
// mutants/out/sample.json and fails every other before any test runs (Stryker reports those as
// compile errors, outside its score); it hands the sampled ones on in the sample's order, which
// Stryker's single test runner keeps. The reporter appends each sampled mutant's result, with the
// time it came, to mutants/out/sample-results.jsonl.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { CheckStatus } from '@stryker-mutator/api/check';
import { declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import { mutantKey, reportedKey, resultsFile, sampleFile } from './sample.mjs';

const readSample = () => JSON.parse(readFileSync(sampleFile, 'utf8')).sample;

class SampleChecker {
  async init() {
    this.order = new Map(readSample().map((key, i) => [key, i]));
  }

  #index(m) {
    return this.order.get(mutantKey(m.fileName, m.location, m.mutatorName, m.replacement));
  }

  async check(mutants) {
    const outside = { status: CheckStatus.CompileError, reason: 'not in the sample' };
    const inside = { status: CheckStatus.Passed };
    return Object.fromEntries(mutants.map((m) => [m.id, this.#index(m) === undefined ? outside : inside]));
  }

  // Those outside the sample in one group, then each sampled mutant alone, in the sample's order:
  // the groups are checked, and passed to the test runner, one after the other.
  async group(mutants) {
    const outside = mutants.filter((m) => this.#index(m) === undefined).map((m) => m.id);
    const inside = mutants.filter((m) => this.#index(m) !== undefined);
    inside.sort((a, b) => this.#index(a) - this.#index(b));
    return [outside, ...inside.map((m) => [m.id])];
  }
}

class SampleReporter {
  constructor() {
    this.sample = new Set(readSample());
    writeFileSync(resultsFile, '');
  }

  onMutantTested(result) {
    const key = reportedKey(result);
    if (!this.sample.has(key)) return;
    appendFileSync(resultsFile, `${JSON.stringify({ key, status: result.status, at: Date.now() })}\n`);
  }
}

export const strykerPlugins = [
  declareClassPlugin(PluginKind.Checker, 'sample', SampleChecker),
  declareClassPlugin(PluginKind.Reporter, 'sample', SampleReporter),
];
