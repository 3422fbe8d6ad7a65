// The document pipeline (render, rewrite, compress) lives in app/document/ (docs/architecture.md §5).
export { default, handleDataRequest, handleError } from "~/document/render.server";
