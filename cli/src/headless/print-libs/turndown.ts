export { default } from "turndown";
