export * from "yaml";
export { default } from "yaml";
