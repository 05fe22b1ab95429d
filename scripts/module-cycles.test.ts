import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The front-door lint rule keeps modules out of each other's files, but not out of each other's front
// doors: two modules that import each other (a cycle) can only be built and understood together. A
// module that needs something of a module built on it gets it handed in by app.ts (issue 26).
const modulesDir = fileURLToPath(new URL('../server/modules/', import.meta.url));
const FRONT_DOOR_IMPORT = /from\s+'\.\.\/([a-z-]+)\/index\.ts'/g;

type ModuleGraph = Map<string, Set<string>>;

/** Which modules each module's code (tests aside, as the lint rule has it) imports through a front door. */
function frontDoorImports(): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const module of fs.readdirSync(modulesDir)) {
    const folder = path.join(modulesDir, module);
    if (!fs.statSync(folder).isDirectory()) continue;
    const imported = new Set<string>();
    for (const file of fs.readdirSync(folder)) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const source = fs.readFileSync(path.join(folder, file), 'utf8');
      for (const [, other] of source.matchAll(FRONT_DOOR_IMPORT)) if (other !== module) imported.add(other!);
    }
    graph.set(module, imported);
  }
  return graph;
}

/** Every cycle as its path (`a → b → a`), each found once, from its alphabetically first module. */
function cyclesOf(graph: ModuleGraph): string[] {
  const cycles: string[] = [];
  const walk = (start: string, trail: string[]) => {
    for (const next of graph.get(trail.at(-1)!) ?? []) {
      if (next === start) cycles.push([...trail, start].join(' → '));
      else if (next > start && !trail.includes(next)) walk(start, [...trail, next]);
    }
  };
  for (const start of [...graph.keys()].sort()) walk(start, [start]);
  return cycles;
}

describe('module front doors form no cycle', () => {
  it('finds direct and longer cycles (the check itself)', () => {
    const graph: ModuleGraph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['a', 'c'])],
      ['c', new Set(['d'])],
      ['d', new Set(['b'])],
      ['e', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual(['a → b → a', 'b → c → d → b']);
  });

  it('server/modules: no module imports one that imports it back, directly or around', () => {
    const graph = frontDoorImports();
    expect(graph.get('team')).toContain('decisions'); // the scan reads real imports
    expect(cyclesOf(graph)).toEqual([]);
  });
});
