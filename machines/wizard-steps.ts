// The step table and its rules live in domain/wizard-steps.ts (pure TypeScript with no
// import), so the step views in src/ validate with the same `isValidAnswer` the machines and
// the server use without importing machines/ (ESLint allows only src/processes to). The
// machines, the server and their tests keep importing this path.
export * from '../domain/wizard-steps';
