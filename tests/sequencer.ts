// The order `npm test` hands files to its workers (vitest.config.ts): project by project, the longest
// files first, the longest projects first. Vitest's own sequencer runs the projects by name, so the
// stress files came last and ran two at a time at the end, one worker idle while the other finished
// the longest. A file's length is what it took last time (Vitest's cache); on a fresh clone, where
// there is none, its project's usual length stands in.
import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The projects' order, the longest files first within each. A project's files stay together: a worker
 * that goes from one project's files to another's imports their modules afresh (the server files of a
 * worker share one module graph). Two runs that mixed the browser journeys with the server files
 * (longest first over every project, once Vitest's cache knew each file's length) imported for
 * 152 and 210 s instead of 68, and took 1,045 and 1,180 s instead of 933.
 */
const PROJECT_ORDER = ['e2e', 'stress', 'server', 'server-pg', 'storefront'];

/** A file's usual length in each project, ms, for a file Vitest has not run here yet. */
const USUAL_MS: Record<string, number> = { e2e: 120_000, stress: 90_000, 'server-pg': 15_000, server: 10_000, storefront: 5_000 };

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const root = this.ctx.config.root;
    const length = (spec: TestSpecification) => {
      const known = cache.getFileTestResults(`${spec.project.name}:${path.relative(root, spec.moduleId)}`);
      if (known && !known.failed) return known.duration;
      // A file that failed last time runs first in its project, as with Vitest's own order.
      if (known?.failed) return Number.MAX_SAFE_INTEGER;
      const size = fs.statSync(spec.moduleId, { throwIfNoEntry: false })?.size ?? 0;
      return (USUAL_MS[spec.project.name] ?? 10_000) + size / 100;
    };
    const lengths = new Map(files.map((spec) => [spec, length(spec)]));
    const rank = (spec: TestSpecification) => PROJECT_ORDER.indexOf(spec.project.name) >>> 0;
    return [...files].sort((a, b) => rank(a) - rank(b) || lengths.get(b)! - lengths.get(a)!);
  }
}
