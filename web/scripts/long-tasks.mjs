// What the main thread did in a page load's long tasks, from a trace that Lighthouse saved
// (LH_TRACE=DIR npm run lighthouse -w web): each task over 50 ms once slowed down as Lighthouse's
// phone is (4x), with the work it was made of: the script it ran, parsing, style and layout.
//   node web/scripts/long-tasks.mjs DIR/_admin-1.trace.json
import { readFileSync } from 'node:fs';

const slowdown = 4;
const { traceEvents } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
// The page's renderer: of the renderers' main threads (about:blank's comes first), the busiest.
const busiest = traceEvents
  .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
  .map((thread) => {
    const events = traceEvents.filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.ph === 'X');
    return { events, busy: events.filter((event) => event.name === 'RunTask').reduce((sum, event) => sum + event.dur, 0) };
  })
  .sort((a, b) => b.busy - a.busy)[0];
const onMain = busiest.events;
const start = Math.min(...traceEvents.filter((event) => event.name === 'navigationStart').map((event) => event.ts));
const tasks = onMain.filter((event) => event.name === 'RunTask' && event.dur * slowdown > 50_000);
const kinds = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'MajorGC',
  'MinorGC',
  'v8.compileModule',
  'EventDispatch',
  'FireAnimationFrame',
  'RunMicrotasks',
  'ParseAuthorStyleSheet',
  'XHRReadyStateChange',
  'ResourceReceivedData',
]);
let blocking = 0;
for (const task of tasks) {
  const inside = onMain.filter(
    (event) => event !== task && event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur && kinds.has(event.name),
  );
  const parts = new Map();
  for (const event of inside) {
    const url = event.args?.data?.url ?? event.args?.data?.functionName ?? '';
    const key = `${event.name} ${String(url).replace(/^.*\//, '')}`;
    parts.set(key, (parts.get(key) ?? 0) + event.dur);
  }
  const ms = (task.dur * slowdown) / 1000;
  blocking += ms - 50;
  console.log(`${((task.ts - start) / 1000).toFixed(0).padStart(6)} ms  ${ms.toFixed(0).padStart(5)} ms (x${slowdown})`);
  for (const [key, dur] of [...parts].sort((a, b) => b[1] - a[1]).slice(0, 8))
    console.log(`         ${((dur * slowdown) / 1000).toFixed(0).padStart(5)} ms  ${key}`);
}
console.log(
  `${tasks.length} long tasks, ${blocking.toFixed(0)} ms over 50 ms each (observed, x${slowdown}; Lighthouse's TBT simulates the load anew)`,
);

// With the profiler's samples in the trace (LH_TRACE adds them): the functions that took the
// most time on the page's main thread, by their own time, and by the file they are in.
const chunks = traceEvents.filter((event) => event.name === 'ProfileChunk' && event.pid === busiest.events[0]?.pid);
if (chunks.length > 0) {
  const nodes = new Map();
  const self = new Map();
  for (const chunk of chunks) {
    const { cpuProfile = {}, timeDeltas = [] } = chunk.args.data;
    for (const node of cpuProfile.nodes ?? []) nodes.set(node.id, node);
    (cpuProfile.samples ?? []).forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (timeDeltas[index] ?? 0)));
  }
  const byFunction = new Map();
  const byFile = new Map();
  for (const [id, time] of self) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame || ['(idle)', '(program)', '(root)'].includes(frame.functionName)) continue;
    const file = (frame.url ?? '').replace(/^.*\//, '') || '(native)';
    const name = `${frame.functionName || '(anonymous)'} ${file}:${(frame.lineNumber ?? 0) + 1}:${(frame.columnNumber ?? 0) + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + time);
    byFile.set(file, (byFile.get(file) ?? 0) + time);
  }
  const top = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, time]) => `  ${((time * slowdown) / 1000).toFixed(0).padStart(6)} ms  ${name}`);
  console.log(`\nOwn time by file (x${slowdown}):\n${top(byFile, 15).join('\n')}`);
  console.log(`\nOwn time by function (x${slowdown}):\n${top(byFunction, 30).join('\n')}`);
}
