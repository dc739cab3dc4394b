// A Stryker checker that passes only the mutants in mutants/out/sample.json (sample.mjs): every
// other is failed before any test runs, so Stryker tests exactly the sample. The failed ones are
// reported as compile errors, which Stryker's score leaves out; sample.mjs reads the sampled ones
// back from the report by their keys.
import { readFileSync } from 'node:fs';
import { CheckStatus } from '@stryker-mutator/api/check';
import { declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import { mutantKey, sampleFile } from './sample.mjs';

class SampleChecker {
  async init() {
    this.sample = new Set(JSON.parse(readFileSync(sampleFile, 'utf8')).sample);
  }

  async check(mutants) {
    const outside = { status: CheckStatus.CompileError, reason: 'not in the sample' };
    const inside = { status: CheckStatus.Passed };
    return Object.fromEntries(
      mutants.map((m) => {
        const key = mutantKey(m.fileName, m.location, m.mutatorName, m.replacement);
        return [m.id, this.sample.has(key) ? inside : outside];
      }),
    );
  }

  // One group: one call for every mutant rather than one a mutant.
  async group(mutants) {
    return [mutants.map((m) => m.id)];
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Checker, 'sample', SampleChecker)];
