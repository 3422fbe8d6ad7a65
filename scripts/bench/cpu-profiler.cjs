// Preloaded with NODE_OPTIONS="--require …/cpu-profiler.cjs" by the benchmark when profiles are wanted:
// node refuses --cpu-prof in NODE_OPTIONS, and the processes of `npm start` (start script, upstream, portal
// workers) are spawned by others, so this is the one way to profile each of them unchanged.
// Writes <BENCH_CPU_PROF_DIR>/<role>-<pid>.cpuprofile when the process exits or is asked to (SIGTERM/SIGINT).
"use strict";
const inspector = require("node:inspector");
const fs = require("node:fs");
const path = require("node:path");

const dir = process.env.BENCH_CPU_PROF_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.start");
  const command = process.argv.slice(1).join(" ");
  const role = /remix-serve|@remix-run[/\\]serve/.test(command) ? "portal" : /upstream[/\\]reference/.test(command) ? "upstream" : "start";
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    // The in-process inspector answers synchronously, so this works inside an "exit" handler.
    session.post("Profiler.stop", (error, result) => {
      if (error || !result) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${role}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  process.on("exit", write);
  // A cluster worker is stopped by disconnecting it; it may then linger on keep-alive sockets and be killed.
  process.on("disconnect", write);
  // remix-serve only closes its server on SIGTERM and may linger on keep-alive sockets until it is killed,
  // which would lose the profile: write it at the signal, and end the process if it has not ended 2 s later.
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      write();
      setTimeout(() => process.exit(0), 2000).unref();
    });
  }
}
