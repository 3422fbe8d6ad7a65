import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The floor of issue 33: a static page with one heading, served from loopback. What a browser needs to paint it is
 * the least any page can cost on the same line and machine, so the slow profile's budget is a multiple of it,
 * measured in the same run.
 */
const FLOOR_HTML =
  '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  "<title>Boden</title></head><body><h1>Boden</h1></body></html>";

export async function startFloorPage(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    response.end(FLOOR_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
