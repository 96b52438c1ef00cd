// A jest reporter for one run of several projects (the server suite on PGlite and PostgreSQL together): writes each
// project's counts to <dir>/server-<name>.json in the shape of jest's --json (the fields scripts/test.mjs reads), and
// the seconds its files took, summed, to <dir>/server-<name>.seconds. jest's own --json cannot tell the projects apart:
// both run the same files. Its directory comes from JEST_PROJECT_RESULTS_DIR (jest's command line takes a reporter's
// path, not its options).
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const noResults = () => ({
  numPassedTests: 0,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  numRuntimeErrorTestSuites: 0,
  milliseconds: 0,
});

class ProjectResults {
  constructor() {
    this.dir = process.env.JEST_PROJECT_RESULTS_DIR ?? '.test-results';
    // Each project's display name, and the name its files take.
    this.names = { server: 'pglite', 'server-postgres': 'postgres' };
    this.projects = new Map();
  }

  onTestResult(test, result) {
    const displayName = test.context.config.displayName?.name ?? '';
    const project = this.projects.get(displayName) ?? noResults();
    project.numPassedTests += result.numPassingTests;
    project.numFailedTests += result.numFailingTests;
    project.numPendingTests += result.numPendingTests;
    project.numTodoTests += result.numTodoTests;
    if (result.testExecError) project.numRuntimeErrorTestSuites += 1;
    project.milliseconds += Math.max(0, (result.perfStats.end ?? 0) - (result.perfStats.start ?? 0));
    this.projects.set(displayName, project);
  }

  onRunComplete() {
    mkdirSync(this.dir, { recursive: true });
    for (const [displayName, name] of Object.entries(this.names)) {
      const { milliseconds, ...counts } = this.projects.get(displayName) ?? noResults();
      writeFileSync(path.join(this.dir, `server-${name}.json`), JSON.stringify(counts));
      writeFileSync(path.join(this.dir, `server-${name}.seconds`), `${Math.round(milliseconds / 1000)}\n`);
    }
  }
}

module.exports = ProjectResults;
