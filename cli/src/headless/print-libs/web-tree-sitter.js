export * from "web-tree-sitter";
