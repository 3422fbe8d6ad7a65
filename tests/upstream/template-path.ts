import { fileURLToPath } from "node:url";

export const TEMPLATE_PATH = fileURLToPath(new URL("../../.tmp/reference-upstream-template.tar", import.meta.url));
