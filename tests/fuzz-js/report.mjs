// A fuzz run's failures grouped by what went wrong, with a replay command for the first of each.

// What a problem is, without its specifics.
function kindOf(failure, problem) {
  const inHostile = failure.hostile ? 'in a case with a hostile view, ' : '';
  if (problem.includes('WebAssembly.RuntimeError')) return `${inHostile}a WebAssembly RuntimeError reached the caller`;
  const consulted = /consulted (.*)$/.exec(problem);
  if (consulted) return `read what the caller controls: ${[...new Set(consulted[1].split(/, ?/))].sort().join(', ')}`;
  if (/resizable/.test(problem) && /expected TypeError/.test(problem)) return 'accepted a resizable or growable buffer';
  return `${inHostile}wrong result from ${failure.type}`;
}

export function summarize(failures) {
  const groups = new Map();
  for (const failure of failures) {
    for (const kind of new Set(failure.problems.map((p) => kindOf(failure, p)))) {
      if (!groups.has(kind)) groups.set(kind, []);
      groups.get(kind).push(failure);
    }
  }
  const lines = [`${failures.length} failing cases; by kind (a case may count under several):`];
  for (const [kind, list] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    const first = list[0];
    const problem = first.problems.find((p) => kindOf(first, p) === kind);
    lines.push(`- ${list.length} × ${kind}`);
    lines.push(`    npm run fuzz:js -- --seed ${first.seed} --case ${first.n}${first.honest ? ' --honest' : ''}`);
    lines.push(`    ${problem.slice(0, 500)}`);
  }
  return lines.join('\n');
}
