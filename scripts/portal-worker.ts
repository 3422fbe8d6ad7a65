/**
 * One portal process under `npm start`: remix-serve, with the portal's front door (docs/decisions/034) in front of
 * its request handler. remix-serve builds an express app and starts it with app.listen, which creates the server
 * through http.createServer; that one call gets the front door, and everything else stays remix-serve's.
 * remix-serve reads the build's path from argv[2], which the start script passes on.
 */
import http, { type RequestListener } from "node:http";
import { withFrontDoor } from "../app/.server/front-door.server.tsx";

const createServer = http.createServer;
http.createServer = ((...args: unknown[]) => {
  const at = args.findIndex((arg) => typeof arg === "function");
  if (at >= 0) args[at] = withFrontDoor(args[at] as RequestListener);
  return (createServer as (...a: unknown[]) => http.Server)(...args);
}) as typeof http.createServer;

await import("@remix-run/serve/dist/cli.js");
