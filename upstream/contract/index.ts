export * from "./enums";
export * from "./responses";
export * from "./requests";
export * from "./errors";
export * from "./csrf";
export * from "./lenient";
