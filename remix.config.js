/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  tailwind: true,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Off on purpose (docs/decisions/029): with lazy discovery every document request matched the route table for
    // its parent paths and every page view in the browser sent a route-discovery request costing about as much
    // server CPU as the page itself; the whole route manifest is one cached file instead.
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: true,
  },
};
