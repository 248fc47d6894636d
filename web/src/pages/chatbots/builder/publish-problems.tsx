import { chatbotMessages } from '@common/chatbots';
import { Button } from '../../../components/button';

export interface Problem {
  blockId: string | null;
  message: string;
}

interface PublishProblemsProps {
  problems: Problem[];
  /** The server's list, for the draft as it was published; else the same check run on the draft as it is now. */
  isLive: boolean;
  onShowBlock: (id: string) => void;
  onDismiss: () => void;
}

/** Why Publish was refused, each problem a button to the block it is about. */
export function PublishProblems({ problems, isLive, onShowBlock, onDismiss }: PublishProblemsProps) {
  return (
    <section
      aria-labelledby="publish-problems-title"
      className="border-b border-red-200 bg-red-50 px-4 py-3 dark:border-red-500/30 dark:bg-red-500/10"
    >
      <div className="flex items-start gap-2">
        <div role="alert" className="min-w-0 flex-1">
          <h2 id="publish-problems-title" className="text-sm font-semibold text-red-800 dark:text-red-300">
            {problems.length === 0 ? 'No problems left: publish again.' : chatbotMessages.cannotPublish}
          </h2>
        </div>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
      {problems.length > 0 && (
        <>
          {isLive && (
            <p className="mt-1 text-xs text-red-800 dark:text-red-300">
              The list follows your changes; publish again once it is empty.
            </p>
          )}
          <ul className="mt-2 max-h-40 space-y-1 overflow-y-auto text-sm">
            {problems.map((problem, index) => (
              <li key={`${problem.blockId}-${index}`} className="text-red-800 dark:text-red-200">
                {problem.blockId ? (
                  <button
                    type="button"
                    className="text-left underline underline-offset-2 hover:no-underline"
                    onClick={() => onShowBlock(problem.blockId!)}
                  >
                    {problem.message}
                  </button>
                ) : (
                  problem.message
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
