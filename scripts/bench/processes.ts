import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/**
 * Memory and CPU time of the processes under test, read from Linux's /proc. CPU time per request is
 * the figure that stays meaningful on a machine shared with other work: wall-clock latency grows
 * with everybody else's load, the CPU a process spends on one page does not (much).
 */
export interface ProcessSample {
  pid: number;
  role: ProcessRole;
  /** Resident set size in bytes. */
  rss: number;
  /** User + system CPU time since the process started, in ms. */
  cpuMs: number;
}

/** What a process of the `npm start` tree does, recognised by its command line. */
export type ProcessRole = "Portal" | "Upstream" | "Start";

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();
const pageSize = (() => {
  try {
    return Number(execFileSync("getconf", ["PAGESIZE"], { encoding: "utf8" }).trim()) || 4096;
  } catch {
    return 4096;
  }
})();

export const procAvailable = (() => {
  try {
    readFileSync("/proc/self/stat", "utf8");
    return true;
  } catch {
    return false;
  }
})();

/** /proc/<pid>/stat: the command name is in parentheses and may hold spaces, so fields are counted after it. */
function readStat(pid: number): { ppid: number; cpuMs: number; rss: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is field 3 (state): ppid = field 4, utime = 14, stime = 15, rss (pages) = 24.
    const ppid = Number(fields[1]);
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { ppid, cpuMs: (ticks * 1000) / ticksPerSecond, rss: Number(fields[21]) * pageSize };
  } catch {
    return null;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
}

export function roleOf(command: string): ProcessRole {
  if (/@remix-run\/serve|remix-serve/.test(command)) return "Portal";
  if (/upstream\/reference/.test(command)) return "Upstream";
  // The start script hosts the reference upstream itself unless it runs in a process of its own.
  return "Start";
}

/** One process on its own (cheap enough to read several times a second); null once it is gone. */
export function sampleProcess(pid: number): ProcessSample | null {
  if (!procAvailable) return null;
  const stat = readStat(pid);
  return stat ? { pid, role: roleOf(commandLine(pid)), rss: stat.rss, cpuMs: stat.cpuMs } : null;
}

/** The root process and all its descendants that are still alive. */
export function sampleTree(rootPid: number): ProcessSample[] {
  if (!procAvailable) return [];
  const parents = new Map<number, number>();
  const stats = new Map<number, { cpuMs: number; rss: number }>();
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = readStat(pid);
    if (!stat) continue;
    parents.set(pid, stat.ppid);
    stats.set(pid, stat);
  }
  const inTree = (pid: number): boolean => {
    for (let current: number | undefined = pid, hops = 0; current && hops < 64; current = parents.get(current), hops++) {
      if (current === rootPid) return true;
    }
    return false;
  };
  const samples: ProcessSample[] = [];
  for (const [pid, stat] of stats) {
    if (!inTree(pid)) continue;
    const command = commandLine(pid);
    // npm/sh wrappers and the tsx loader's helpers are not part of what is measured.
    if (!/node/.test(command)) continue;
    samples.push({ pid, role: roleOf(command), rss: stat.rss, cpuMs: stat.cpuMs });
  }
  return samples.sort((a, b) => a.pid - b.pid);
}

/** Sum per role: several portal workers count as one portal. */
export function byRole(samples: readonly ProcessSample[]): Map<ProcessRole, { rss: number; cpuMs: number; processes: number }> {
  const roles = new Map<ProcessRole, { rss: number; cpuMs: number; processes: number }>();
  for (const sample of samples) {
    const role = roles.get(sample.role) ?? { rss: 0, cpuMs: 0, processes: 0 };
    role.rss += sample.rss;
    role.cpuMs += sample.cpuMs;
    role.processes += 1;
    roles.set(sample.role, role);
  }
  return roles;
}

/** The machine's load average, printed next to every latency figure. */
export function loadAverage(): string {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "unbekannt";
  }
}
