export * from "ajv";
export { default } from "ajv";
