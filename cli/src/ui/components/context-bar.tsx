import { Box, Text } from "ink";
import { contextBar } from "../context-model.ts";
import type { ContextUsage } from "../ui-store.ts";

/**
 * Seed § 13.3: under the input zone, on the right, always on screen: one square per 10,000 tokens, green, yellow
 * from 60 %, red from 85 %, empty squares grey; `N tokens · taille maximale inconnue` without a known maximum.
 */
export function ContextBar({ usage, width }: { usage: ContextUsage | undefined; width: number }) {
  if (!usage) return <Text> </Text>;
  const model = contextBar(usage.tokens, usage.max, width);
  if (model.kind === "unknown") {
    return (
      <Box justifyContent="flex-end">
        <Text color="gray">{model.label}</Text>
      </Box>
    );
  }
  return (
    <Box justifyContent="flex-end">
      <Text wrap="truncate">
        <Text color={model.color}>{"■".repeat(model.filled)}</Text>
        <Text color="gray">{"■".repeat(model.squares - model.filled)}</Text>
        <Text> {model.label}</Text>
        {model.scaleLabel ? <Text color="gray"> {model.scaleLabel}</Text> : null}
      </Text>
    </Box>
  );
}
