import { Box, Text } from "ink";
import { t as cliT } from "../../messages.ts";
import { bannerVariant, maskLines, rainbow, titleLines, type Line } from "../banner-model.ts";
import { t } from "../messages.ts";

function LineView({ line }: { line: Line }) {
  return (
    <Text wrap="truncate">
      {line.map((segment, index) => (
        <Text key={index} color={segment.color} backgroundColor={segment.backgroundColor}>
          {segment.text}
        </Text>
      ))}
    </Text>
  );
}

function Texts() {
  return (
    <>
      <Text color="green">{t("bannerTagline")}</Text>
      <Text color="#FF79C6">{t("bannerMotto")}</Text>
    </>
  );
}

/**
 * Seed § 15.4: the mask beside the title and the two texts from 58 columns; the title and texts alone from 25;
 * below that a small double frame with the title centred. The launch folder follows (seed § 5.2).
 */
export function Banner({ cwd, width }: { cwd: string; width: number }) {
  const variant = bannerVariant(width);
  const folder = <Text dimColor>{cliT("launchFolder", { path: cwd })}</Text>;
  if (variant === "compact") {
    return (
      <Box flexDirection="column">
        <Box borderStyle="double" borderColor="magenta" justifyContent="center" width={Math.max(8, Math.min(width, 24))}>
          <Text bold>
            {[..."Maia"].map((letter, index) => (
              <Text key={index} color={rainbow(index / 3)}>
                {letter}
              </Text>
            ))}
          </Text>
        </Box>
        {folder}
      </Box>
    );
  }
  const title = (
    <Box flexDirection="column" flexShrink={1}>
      {titleLines().map((line, index) => (
        <LineView key={index} line={line} />
      ))}
      <Text> </Text>
      <Texts />
    </Box>
  );
  return (
    <Box flexDirection="column">
      {variant === "full" ? (
        <Box flexDirection="row">
          <Box flexDirection="column" flexShrink={0}>
            {maskLines().map((line, index) => (
              <LineView key={index} line={line} />
            ))}
          </Box>
          <Box marginLeft={2} marginTop={3} width={width - 34}>
            {title}
          </Box>
        </Box>
      ) : (
        title
      )}
      {folder}
    </Box>
  );
}
