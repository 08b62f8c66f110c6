// Answers initialize with protocol version 2, which the hub does not speak.
import { serve } from "./fake-agent-kit.mjs";

serve({ protocolVersion: 2 });
