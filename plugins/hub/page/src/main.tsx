import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { HubEventStream } from "./events.ts";
import "./app.css";
import "./workspace.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(<App stream={new HubEventStream()} />);
