export * from "@maia/sandbox";
