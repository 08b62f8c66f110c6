export * from "execa";
