// Moved to @maia/util: the MCP plugin opens the browser too (OAuth login), and plugins share code only there.
export { findOnPath, openBrowser } from "@maia/util";
