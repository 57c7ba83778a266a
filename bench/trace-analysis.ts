// Reads a Chromium performance trace (the devtools protocol's Tracing
// events, the same JSON DevTools' Performance panel opens) for where a
// page's main thread spent its time. No trace library: the events are
// nested by their times on the renderer's main thread, and each gets its
// self time (its duration less its children's), which is what is added up
// by category, so nothing is counted twice. The JavaScript inside comes from
// the V8 sampling profiler's samples in the same trace, named through the
// build's source maps (file, line, the line's text), since the built code's
// own names are minified.
import fs from 'node:fs';
import path from 'node:path';

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  /** µs of the thread's CPU time */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string | number;
  args?: Record<string, unknown> & { data?: Record<string, unknown> };
}

/** A slice of the main thread's timeline, with its place in the nesting. */
interface Slice {
  name: string;
  /** µs */
  start: number;
  end: number;
  url: string | null;
  category: string;
  self: number;
  /** µs of the thread's CPU time (tdur), where the event says */
  cpu: number | null;
  /** the function a FunctionCall names */
  fn: string | null;
  parent: Slice | null;
  children: Slice[];
}

// ---- categories ------------------------------------------------------------

/** The self time of a task and its scheduling, IPC and loading events: work the trace names no further. */
const TASK = 'other (task, IPC, loading; unnamed)';

/** Events that only wrap a task's work: a long task is described by what they hold. */
const WRAPPERS = new Set([
  'RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask', 'SimpleWatcher::OnHandleReady', 'Receive mojo message',
  'Receive mojo reply', 'EpollEvent',
]);

/** An event's kind of work, by its name; null: the kind of its parent (a V8 detail inside a function call, say). */
function categoryOf(name: string): string | null {
  if (WRAPPERS.has(name)) return TASK;
  if (name === 'ParseHTML' || name.startsWith('HTMLDocumentParser') || name.startsWith('DecodedDataDocumentParser')) return 'parse HTML';
  if (name.startsWith('DocumentLoader::')) return 'navigation commit (document loader)';
  if (name === 'CpuProfiler::StartProfiling') return 'the profiler\'s own start';
  if (name === 'EvaluateScript' || name === 'v8.evaluateModule') return 'script evaluation';
  if (/compile|^v8\.(parse|preparse|produce|deserialize)|^V8\.(Parse|Compile)|CacheScript/i.test(name)) return 'script compile';
  // V8 tiering up hot code (the bytecode budget's interrupt, baseline and optimised compiles) and its cache flush.
  if (name === 'FlushInstructionCache' || name === 'V8.BytecodeBudgetInterrupt' || /Baseline|Turbofan|Maglev|Optimiz/.test(name)) return 'script compile';
  if (['FunctionCall', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'FireIdleCallback', 'XHRReadyStateChange', 'XHRLoad',
    'RunMicrotasks', 'v8.callFunction', 'v8.runMicrotasks', 'V8.Execute', 'v8.run', 'BlinkScheduler_PerformMicrotaskCheckpoint', 'v8.newInstance'].includes(name)) return 'script (calls, events, timers, microtasks)';
  if (name === 'UpdateLayoutTree' || name === 'RecalculateStyles' || name === 'ParseAuthorStyleSheet') return 'style';
  if (name === 'Layout' || name === 'IntersectionObserverController::computeIntersections') return 'layout';
  if (['Paint', 'PaintImage', 'PrePaint', 'Layerize', 'UpdateLayerTree', 'CompositeLayers', 'Commit', 'UpdateLayer', 'PaintSetup'].includes(name)) return 'pre-paint, paint, layers';
  if (/Decode Image|ImageDecode|Decode LazyPixelRef|Draw LazyPixelRef/.test(name)) return 'image decode';
  if (/GC|ThreadState::|Scavenge|MarkCompact/.test(name)) return 'GC';
  return null;
}

const isScript = (category: string) => category.startsWith('script');

/** The script an event names (its URL), where it names one. */
function urlOf(e: TraceEvent): string | null {
  const data = e.args?.data as { url?: unknown; stackTrace?: { url?: unknown }[] } | undefined;
  if (typeof data?.url === 'string' && data.url) return data.url;
  if (typeof e.args?.fileName === 'string' && e.args.fileName) return e.args.fileName;
  const frame = data?.stackTrace?.[0]?.url;
  return typeof frame === 'string' && frame ? frame : null;
}

// ---- source maps -------------------------------------------------------------

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((c, i) => [c, i]));

interface Mapped {
  source: string;
  /** 1-based */
  line: number;
  text: string;
}

/** Characters of minified code with no mapping after which a place is taken as the bundler's own code. */
const UNMAPPED_GAP = 120;

/** One built file's source map, decoded: for each generated line, its segments [column, source, line, column]. */
class SourceMap {
  private lines: number[][][] = [];
  private sources: string[];
  private contents: (string[] | null)[];

  constructor(map: { sources: string[]; sourcesContent?: (string | null)[]; mappings: string }) {
    this.sources = map.sources.map(tidySource);
    this.contents = (map.sourcesContent ?? []).map((c) => (c == null ? null : c.split('\n')));
    let source = 0;
    let srcLine = 0;
    let srcCol = 0;
    for (const line of map.mappings.split(';')) {
      const segments: number[][] = [];
      let col = 0;
      for (const segment of line.split(',')) {
        if (!segment) continue;
        const values: number[] = [];
        let value = 0;
        let shift = 0;
        for (const ch of segment) {
          const digit = BASE64_VALUE.get(ch) ?? 0;
          value += (digit & 31) << shift;
          if (digit & 32) shift += 5;
          else {
            values.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        col += values[0];
        if (values.length >= 4) {
          source += values[1];
          srcLine += values[2];
          srcCol += values[3];
          segments.push([col, source, srcLine, srcCol]);
        }
      }
      this.lines.push(segments);
    }
  }

  /** The original place of a 0-based line and column of the built file. */
  lookup(line: number, column: number): Mapped | null {
    const segments = this.lines[line];
    if (!segments?.length) return null;
    let lo = 0;
    let hi = segments.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (segments[mid][0] <= column) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    // A function's place (the profiler's) is where its code starts, often a token no segment
    // begins at: the segment before it is usually the function's name, but where it is only the
    // end of the code before (a closing brace), the next segment is the function's own.
    if (found < 0) return null;
    let s = segments[found];
    // Far from the last mapped place: code the bundler wrote itself (its runtime, the preload
    // helper), which has no source; the segment before it belongs to the module before.
    if (column - s[0] > UNMAPPED_GAP) return null;
    const next = segments[found + 1];
    if (s[0] !== column && /^[)}\];,]*$/.test(this.contents[s[1]]?.[s[2]]?.trim() ?? '')) {
      // Only the end of the code before: the function is the next mapped code, if it is close.
      if (!next || next[0] - column > 40) return null;
      s = next;
    }
    const text = this.contents[s[1]]?.[s[2]]?.trim() ?? '';
    return { source: this.sources[s[1]] ?? '?', line: s[2] + 1, text: text.length > 90 ? `${text.slice(0, 87)}...` : text };
  }
}

/** A map's source path as the repository names it: src/…, locales/…, node_modules/<package>/…. */
function tidySource(source: string): string {
  const clean = source.replace(/^\0/, '').replace(/\?.*$/, '');
  const modules = clean.lastIndexOf('node_modules/');
  if (modules >= 0) return clean.slice(modules);
  const match = /(?:^|\/)((?:src|locales|server|scripts)\/.*)$/.exec(clean);
  return match ? match[1] : clean.replace(/^(\.\.\/)+/, '');
}

/** What a source belongs to: a package (react-dom, @mui/material…), or the app's own file. */
export function groupOf(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1];
  if (source.startsWith('locales/')) return `${source} (catalog)`;
  return source;
}

/** Source maps of the build's files, read from the build folder by the script's URL path. */
export class BuildMaps {
  private maps = new Map<string, SourceMap | null>();
  constructor(private distDir: string) {}

  lookup(url: string, line: number, column: number): Mapped | null {
    let pathname: string;
    try {
      pathname = new URL(url).pathname;
    } catch {
      return null;
    }
    let map = this.maps.get(pathname);
    if (map === undefined) {
      const file = path.join(this.distDir, `${pathname}.map`);
      map = null;
      try {
        if (pathname.startsWith('/assets/') && fs.existsSync(file)) map = new SourceMap(JSON.parse(fs.readFileSync(file, 'utf8')));
      } catch {
        map = null;
      }
      this.maps.set(pathname, map);
    }
    return map ? map.lookup(line, column) : null;
  }

  private code = new Map<string, string[] | null>();

  /** The built code at a place (a function's first characters), for a place no source names. */
  snippet(url: string, line: number, column: number, length = 60): string | null {
    let pathname: string;
    try {
      pathname = new URL(url).pathname;
    } catch {
      return null;
    }
    let lines = this.code.get(pathname);
    if (lines === undefined) {
      const file = path.join(this.distDir, pathname);
      lines = pathname.startsWith('/assets/') && fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : null;
      this.code.set(pathname, lines);
    }
    return lines?.[line]?.slice(column, column + length) ?? null;
  }
}

// ---- the main thread -----------------------------------------------------------

export interface Attributed {
  name: string;
  ms: number;
}

export interface TraceTask {
  /** ms from the navigation's start */
  start: number;
  duration: number;
  /** ms of the thread's CPU time in it: the rest is the throttle's pauses and the machine's other work */
  cpuMs: number | null;
  /** what the task did, largest first: its first events below the scheduling and IPC wrappers (name and the script it names) */
  top: Attributed[];
  /** the task's self time by category */
  categories: Attributed[];
  /** sampled JavaScript in the task, by built file */
  bundles: Attributed[];
  /** sampled JavaScript in the task, by package or app file (source-mapped) */
  sources: Attributed[];
  /** the functions with the most sampled self time in the task */
  functions: Attributed[];
}

export interface TraceBreakdown {
  /** ms from the navigation's start to `load`'s end */
  loadMs: number;
  windowMs: number;
  /** ms of the main thread's tasks in the window */
  busyMs: number;
  /** ms of the thread's CPU time in those tasks (4× throttling on an idle machine: about a quarter of busyMs) */
  cpuMs: number;
  tasks: number;
  /** self time by category, largest first */
  categories: Attributed[];
  /** script events' self time by the script the event names (EvaluateScript, FunctionCall, compile…): which file the work entered by */
  scriptByEntry: Attributed[];
  /** the sampling profiler: ms of JavaScript by built file */
  sampledBundles: Attributed[];
  /** ms by package or app file (source-mapped), self time */
  sampledSources: Attributed[];
  /** ms by package or app file on the stack (each sample once per group): what a library's calls cost, callees included */
  sampledSourcesInclusive: Attributed[];
  /** functions by sampled self time: "file:line  the line's text" */
  functions: Attributed[];
  /** the app's own functions (src/) by sampled time with their callees (inclusive) */
  appFunctionsInclusive: Attributed[];
  /** the samples the profiler could not put in JavaScript: native work (program), GC, idle */
  sampledOther: Attributed[];
  /** µs between two samples (the median) */
  sampleIntervalUs: number;
  longTasks: TraceTask[];
  problems: string[];
}

const ms = (us: number) => us / 1000;

function sorted(map: Map<string, number>, limit: number, scale = ms): Attributed[] {
  return [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([name, v]) => ({ name, ms: Math.round(scale(v) * 10) / 10 }));
}

const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);

/** A script URL as short as it can be told apart: the built file's name. */
export const shortUrl = (url: string | null, pageUrl?: string) => {
  if (!url) return '(no script named)';
  try {
    const u = new URL(url);
    if (pageUrl && u.pathname === pageUrl) return '(the page\'s inline script)';
    return u.pathname.replace(/^\/assets\//, '');
  } catch {
    return url;
  }
};

interface CpuNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface Sample {
  /** µs, trace clock */
  ts: number;
  weight: number;
  /** leaf first */
  stack: CpuNode[];
}

/** The sampling profiler's samples for one thread, with their stacks. */
function samplesOf(events: TraceEvent[], pid: number, tid: number): Sample[] {
  const profiles = new Map<string, { start: number; nodes: Map<number, CpuNode>; samples: number[]; deltas: number[]; tid: number }>();
  for (const e of events) {
    if (e.pid !== pid) continue;
    const key = String(e.id);
    const data = e.args?.data as { startTime?: number; cpuProfile?: { nodes?: CpuNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    if (e.name === 'Profile') profiles.set(key, { start: data?.startTime ?? e.ts, nodes: new Map(), samples: [], deltas: [], tid: e.tid });
    else if (e.name === 'ProfileChunk') {
      const p = profiles.get(key);
      if (!p) continue;
      for (const n of data?.cpuProfile?.nodes ?? []) p.nodes.set(n.id, n);
      p.samples.push(...(data?.cpuProfile?.samples ?? []));
      p.deltas.push(...(data?.timeDeltas ?? []));
    }
  }
  // The main thread's profile: the one on its thread, else the one with the most samples in its process.
  const candidates = [...profiles.values()];
  const profile = candidates.find((p) => p.tid === tid && p.samples.length) ?? candidates.sort((a, b) => b.samples.length - a.samples.length)[0];
  if (!profile) return [];
  const stackOf = new Map<number, CpuNode[]>();
  const stack = (id: number): CpuNode[] => {
    let s = stackOf.get(id);
    if (s) return s;
    s = [];
    for (let n = profile.nodes.get(id); n; n = n.parent === undefined ? undefined : profile.nodes.get(n.parent)) s.push(n);
    stackOf.set(id, s);
    return s;
  };
  // Nodes name their parent in newer traces, their children in older ones.
  for (const n of profile.nodes.values()) {
    for (const child of (n as CpuNode & { children?: number[] }).children ?? []) {
      const c = profile.nodes.get(child);
      if (c) c.parent = n.id;
    }
  }
  const out: Sample[] = [];
  let t = profile.start;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.deltas[i] ?? 0;
    out.push({ ts: t, weight: 0, stack: stack(profile.samples[i]) });
  }
  out.sort((a, b) => a.ts - b.ts);
  // Each sample counts for the usual interval, not for the time to the next one: the gaps of a
  // throttled or descheduled thread (up to 100 ms here) would otherwise all go to the sample before.
  const gaps = out.slice(1).map((s, i) => s.ts - out[i].ts).sort((a, b) => a - b);
  const interval = gaps[Math.floor(gaps.length / 2)] ?? 0;
  for (const s of out) s.weight = interval;
  return out;
}

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};

const SPECIAL_FRAMES: Record<string, string> = {
  '(program)': 'native (style, layout, paint, parsing…)',
  '(garbage collector)': 'GC',
  '(idle)': 'idle',
  '(root)': 'native (style, layout, paint, parsing…)',
};

/**
 * The breakdown of one page load's trace. `pageUrl` is the path navigated
 * to (/products); the window runs from its navigation's start to
 * `afterLoadMs` after its `load`.
 */
export function analyseTrace(events: TraceEvent[], pageUrl: string, afterLoadMs: number, maps: BuildMaps): TraceBreakdown {
  const problems: string[] = [];
  // The page's main thread: where its navigation started.
  const nav = events.filter((e) => e.name === 'navigationStart' && (e.args?.data as { documentLoaderURL?: string; isLoadingMainFrame?: boolean } | undefined)?.isLoadingMainFrame
    && pathOf(String((e.args?.data as { documentLoaderURL?: string }).documentLoaderURL ?? '')) === pageUrl).sort((a, b) => a.ts - b.ts)[0];
  let pid: number;
  let tid: number;
  if (nav) ({ pid, tid } = nav);
  else {
    problems.push('no navigationStart for the page in the trace: the renderer main thread with the most task time was taken, from the first task');
    const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain');
    const busy = (m: TraceEvent) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask').reduce((s, e) => s + (e.dur ?? 0), 0);
    const main = mains.sort((a, b) => busy(b) - busy(a))[0];
    if (!main) throw new Error('no renderer main thread in the trace');
    ({ pid, tid } = main);
  }
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid);
  const start = nav?.ts ?? Math.min(...onMain.filter((e) => e.name === 'RunTask').map((e) => e.ts));
  const loadEnd = onMain.filter((e) => e.name === 'loadEventEnd' && e.ts >= start).sort((a, b) => a.ts - b.ts)[0]
    ?? onMain.filter((e) => e.name === 'MarkLoad' && e.ts >= start).sort((a, b) => a.ts - b.ts)[0];
  if (!loadEnd) problems.push('no load event for the page in the trace: the window runs to the trace\'s end');
  const end = loadEnd ? loadEnd.ts + afterLoadMs * 1000 : Math.max(...onMain.map((e) => e.ts + (e.dur ?? 0)));

  // Slices: complete events, and begin/end pairs matched on the thread's stack.
  const raw: { name: string; start: number; end: number; e: TraceEvent }[] = [];
  const open = new Map<string, TraceEvent[]>();
  for (const e of [...onMain].sort((a, b) => a.ts - b.ts)) {
    if (e.ph === 'X' && typeof e.dur === 'number') raw.push({ name: e.name, start: e.ts, end: e.ts + e.dur, e });
    else if (e.ph === 'B') {
      const list = open.get(e.name) ?? [];
      list.push(e);
      open.set(e.name, list);
    } else if (e.ph === 'E') {
      const b = open.get(e.name)?.pop();
      if (b) raw.push({ name: b.name, start: b.ts, end: e.ts, e: { ...b, args: { ...b.args, ...e.args } } });
    }
  }
  raw.sort((a, b) => a.start - b.start || b.end - a.end);
  const roots: Slice[] = [];
  const stack: Slice[] = [];
  for (const r of raw) {
    while (stack.length && stack[stack.length - 1].end <= r.start) stack.pop();
    const parent = stack[stack.length - 1] ?? null;
    // A slice that outlasts its parent (clocks of two sources) is cut to it, so self times stay true.
    const sliceEnd = parent ? Math.min(r.end, parent.end) : r.end;
    const own = categoryOf(r.name);
    const slice: Slice = {
      name: r.name, start: r.start, end: sliceEnd, url: urlOf(r.e) ?? parent?.url ?? null,
      category: own ?? parent?.category ?? TASK, self: 0, parent, children: [],
      cpu: typeof r.e.tdur === 'number' ? r.e.tdur : null,
      fn: typeof (r.e.args?.data as { functionName?: unknown } | undefined)?.functionName === 'string'
        ? (r.e.args!.data as { functionName: string }).functionName || null : null,
    };
    if (parent) parent.children.push(slice);
    else roots.push(slice);
    stack.push(slice);
  }
  const inWindow = roots.filter((s) => s.start >= start && s.start <= end);
  const categories = new Map<string, number>();
  const entries = new Map<string, number>();
  const visit = (s: Slice, into: Map<string, number>) => {
    s.self = Math.max(0, s.end - s.start - s.children.reduce((sum, c) => sum + (c.end - c.start), 0));
    add(into, s.category, s.self);
    if (into === categories && isScript(s.category)) add(entries, shortUrl(s.url, pageUrl), s.self);
    for (const c of s.children) visit(c, into);
  };
  for (const root of inWindow) visit(root, categories);

  // The profiler's samples in the window.
  const samples = samplesOf(events, pid, tid).filter((s) => s.ts >= start && s.ts <= end);
  if (!samples.length) problems.push('no profiler samples in the trace: no JavaScript attribution');
  const intervals = samples.slice(1).map((s, i) => s.ts - samples[i].ts).sort((a, b) => a - b);
  const sampleIntervalUs = intervals[Math.floor(intervals.length / 2)] ?? 0;
  const mapped = new Map<CpuNode, { group: string; fn: string; app: boolean } | null>();
  const place = (n: CpuNode) => {
    let m = mapped.get(n);
    if (m !== undefined) return m;
    const f = n.callFrame;
    if (!f.url) m = null;
    else {
      const found = maps.lookup(f.url, f.lineNumber, f.columnNumber);
      m = found
        ? { group: groupOf(found.source), fn: `${found.source}:${found.line}  ${found.text || f.functionName || '(anonymous)'}`, app: found.source.startsWith('src/') }
        : {
          group: shortUrl(f.url, pageUrl),
          fn: `${shortUrl(f.url, pageUrl)}:${f.lineNumber + 1}:${f.columnNumber + 1} ${f.functionName || '(anonymous)'}`
            + `${maps.snippet(f.url, f.lineNumber, f.columnNumber) ? `  [no source: ${maps.snippet(f.url, f.lineNumber, f.columnNumber)}]` : ''}`,
          app: false,
        };
    }
    mapped.set(n, m);
    return m;
  };

  const attribute = (from: number, to: number) => {
    const bundles = new Map<string, number>();
    const sources = new Map<string, number>();
    const inclusive = new Map<string, number>();
    const functions = new Map<string, number>();
    const appInclusive = new Map<string, number>();
    const other = new Map<string, number>();
    for (const s of samples) {
      if (s.ts < from || s.ts > to) continue;
      const leaf = s.stack[0];
      if (!leaf) continue;
      // The innermost frame of a script: a native leaf under JavaScript (a DOM call) is that script's time.
      const js = s.stack.find((n) => n.callFrame.url);
      if (!js) {
        add(other, SPECIAL_FRAMES[leaf.callFrame.functionName] ?? `native: ${leaf.callFrame.functionName}`, s.weight);
        continue;
      }
      const p = place(js)!;
      add(bundles, shortUrl(js.callFrame.url, pageUrl), s.weight);
      add(sources, p.group, s.weight);
      add(functions, p.fn, s.weight);
      const groups = new Set<string>();
      const fns = new Set<string>();
      for (const n of s.stack) {
        const q = place(n);
        if (!q) continue;
        groups.add(q.group);
        if (q.app) fns.add(q.fn);
      }
      for (const g of groups) add(inclusive, g, s.weight);
      for (const f of fns) add(appInclusive, f, s.weight);
    }
    return { bundles, sources, inclusive, functions, appInclusive, other };
  };

  const whole = attribute(start, end);
  const longTasks: TraceTask[] = inWindow
    .filter((s) => s.end - s.start > 50_000)
    .map((task) => {
      const tops = new Map<string, number>();
      const below = (s: Slice): Slice[] => (WRAPPERS.has(s.name) ? s.children.flatMap(below) : [s]);
      for (const c of task.children.flatMap(below)) {
        const where = c.url && isScript(c.category) ? ` ${shortUrl(c.url, pageUrl)}${c.fn ? ` ${c.fn}` : ''}` : '';
        add(tops, `${c.name}${where}`, c.end - c.start);
      }
      const cats = new Map<string, number>();
      const sum = (s: Slice) => {
        add(cats, s.category, s.self);
        s.children.forEach(sum);
      };
      sum(task);
      const a = attribute(task.start, task.end);
      return {
        start: Math.round(ms(task.start - start)),
        duration: Math.round(ms(task.end - task.start)),
        cpuMs: task.cpu === null ? null : Math.round(ms(task.cpu)),
        top: sorted(tops, 4),
        categories: sorted(cats, 4),
        bundles: sorted(a.bundles, 3),
        sources: sorted(a.sources, 4),
        functions: sorted(a.functions, 3),
      };
    });

  return {
    loadMs: loadEnd ? Math.round(ms(loadEnd.ts - start)) : Number.NaN,
    windowMs: Math.round(ms(end - start)),
    busyMs: Math.round(ms(inWindow.reduce((s, t) => s + (t.end - t.start), 0))),
    cpuMs: Math.round(ms(inWindow.reduce((s, t) => s + (t.cpu ?? 0), 0))),
    tasks: inWindow.length,
    categories: sorted(categories, 20),
    scriptByEntry: sorted(entries, 10),
    sampledBundles: sorted(whole.bundles, 10),
    sampledSources: sorted(whole.sources, 15),
    sampledSourcesInclusive: sorted(whole.inclusive, 15),
    functions: sorted(whole.functions, 20),
    appFunctionsInclusive: sorted(whole.appInclusive, 15),
    sampledOther: sorted(whole.other, 5),
    sampleIntervalUs,
    longTasks,
    problems,
  };
}
