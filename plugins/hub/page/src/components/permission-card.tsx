import { useState } from "react";
import type { PermissionOption, PermissionRequest } from "../../../src/protocol.ts";
import { call, errorMessage } from "../api.ts";
import { useT } from "../i18n/locale-context.ts";

const ALLOWS = new Set<PermissionOption["kind"]>(["allow_once", "allow_always"]);

/**
 * A pending permission request: the agent's own options, as it named them, allow ones first in the style of a
 * confirmation and reject ones as refusals, and how many refusals this turn already had.
 */
export function PermissionCard({ request, agentTitle }: { request: PermissionRequest; agentTitle: string }) {
  const t = useT();
  const [answering, setAnswering] = useState<string | undefined>(undefined);
  const [error, setError] = useState("");

  const answer = async (optionId: string): Promise<void> => {
    setAnswering(optionId);
    setError("");
    try {
      await call("ChatService", "AnswerPermission", request.id, optionId);
      // The card goes away with `permission:resolved`.
    } catch (failure) {
      setError(errorMessage(failure));
      setAnswering(undefined);
    }
  };

  return (
    <div className="permission-card" role="group" aria-label={t("permission.heading", { title: agentTitle })} data-testid="permission-card" data-permission-id={request.id}>
      <p className="permission-heading">{t("permission.heading", { title: agentTitle })}</p>
      {request.rejections > 0 ? (
        <p className="permission-rejections" data-testid="permission-rejections">
          {t("permission.rejections", { count: request.rejections })}
        </p>
      ) : null}
      <div className="permission-options">
        {request.options.map((option) => (
          <button
            key={option.optionId}
            type="button"
            className={`button permission-option ${ALLOWS.has(option.kind) ? "option-allow" : "option-reject"} kind-${option.kind}`}
            data-testid={`permission-option-${option.kind}`}
            data-option-id={option.optionId}
            disabled={answering !== undefined}
            aria-busy={answering === option.optionId}
            onClick={() => void answer(option.optionId)}
          >
            {option.name}
          </button>
        ))}
      </div>
      {error ? (
        <p className="notice notice-danger" role="alert">
          {t("permission.failed")} {error}
        </p>
      ) : null}
    </div>
  );
}
