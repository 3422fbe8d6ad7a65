export * from "./enums";
export * from "./responses";
export * from "./requests";
export * from "./query";
export * from "./csrf";
export * from "./lenient";
