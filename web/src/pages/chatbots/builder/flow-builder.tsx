import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import toast from 'react-hot-toast';
import { type BlockType, type FlowDefinition, allBlocks, flowDefinitionSchema } from '@common/chatbot-flow';
import { validateFlowForPublish } from '@common/chatbot-publish';
import { type ChatbotDetail, chatbotMessages } from '@common/chatbots';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { useMediaQuery } from '../../../lib/use-media-query';
import { chatbotKeys } from '../keys';
import { publishChatbot } from './api';
import { BuilderToolbar } from './builder-toolbar';
import { FlowCanvas } from './flow-canvas';
import { addBlock, cannotAddBlock, createBlock } from './flow-edits';
import { PreviewPanel } from './preview-panel';
import { type Problem, PublishProblems } from './publish-problems';
import { SidePanel } from './side-panel';
import { useDraftAutosave } from './use-draft-autosave';
import { useFlowDraft } from './use-flow-draft';

/** A block's size on the canvas, about: new blocks are centred by it. */
const BLOCK_SIZE = { width: 224, height: 80 };

/**
 * The bot's "Flow" tab: the draft on a canvas, a palette of blocks, a side panel that edits the selected one, undo,
 * saving a moment after each change, Preview and Publish.
 */
export function FlowBuilder({ chatbot }: { chatbot: ChatbotDetail }) {
  return (
    <ReactFlowProvider>
      <LoadedBuilder key={chatbot.id} chatbot={chatbot} />
    </ReactFlowProvider>
  );
}

function LoadedBuilder({ chatbot }: { chatbot: ChatbotDetail }) {
  // Read once: later answers for the bot (its page refetching) must not replace what is being edited.
  const [draft] = useState(() => flowDefinitionSchema.safeParse(chatbot.draftFlow));
  if (!draft.success)
    return (
      <Card>
        <EmptyState message="This chatbot’s flow could not be read." />
      </Card>
    );
  return <Builder chatbot={chatbot} initial={draft.data} />;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

function Builder({ chatbot, initial }: { chatbot: ChatbotDetail; initial: FlowDefinition }) {
  const { flow, selection, select, edit, undo, redo, canUndo, canRedo } = useFlowDraft(initial);
  const qc = useQueryClient();
  // The bot's page (its header's publish state) shows each save's and publish's answer.
  const remember = useCallback((saved: ChatbotDetail) => qc.setQueryData(chatbotKeys.one(saved.id), saved), [qc]);
  const { status, flush } = useDraftAutosave(chatbot.id, flow, remember);
  const isWide = useMediaQuery('(min-width: 768px)');
  const reactFlow = useReactFlow();
  const canvasRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusPanel, setFocusPanel] = useState(0);
  const [refusal, setRefusal] = useState<{ flow: FlowDefinition; problems: Problem[] } | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);

  // The panel's heading takes focus after a change made from the keyboard moved what the panel shows.
  useEffect(() => {
    if (focusPanel) headingRef.current?.focus();
  }, [focusPanel]);

  function showBlock(id: string) {
    select({ kind: 'block', id });
    setPreviewOpen(false);
    setFocusPanel((count) => count + 1);
    const block = allBlocks(flow).find((candidate) => candidate.id === id);
    if (block && isWide)
      void reactFlow.setCenter(block.position.x + BLOCK_SIZE.width / 2, block.position.y + BLOCK_SIZE.height / 2, {
        zoom: Math.max(reactFlow.getZoom(), 0.8),
      });
  }

  function add(type: BlockType) {
    const refused = cannotAddBlock(flow);
    if (refused) {
      toast.error(refused);
      return;
    }
    const block = createBlock(flow, type, newBlockPosition());
    edit((current) => addBlock(current, block));
    select({ kind: 'block', id: block.id });
    setPreviewOpen(false);
    setFocusPanel((count) => count + 1);
  }

  /** The middle of the visible canvas, or the nearest free place to its right; below the rest without a canvas. */
  function newBlockPosition() {
    const blocks = allBlocks(flow);
    const rect = canvasRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) {
      const lowest = Math.max(-160, ...blocks.map((block) => block.position.y));
      return { x: 0, y: lowest + 160 };
    }
    const centre = reactFlow.screenToFlowPosition({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
    const at = { x: centre.x - BLOCK_SIZE.width / 2, y: centre.y - BLOCK_SIZE.height / 2 };
    const overlaps = (x: number) =>
      blocks.some(
        (block) =>
          Math.abs(block.position.x - x) < BLOCK_SIZE.width + 16 &&
          Math.abs(block.position.y - at.y) < BLOCK_SIZE.height + 16,
      );
    while (overlaps(at.x)) at.x += BLOCK_SIZE.width + 32;
    return at;
  }

  async function publish() {
    setPublishing(true);
    try {
      if (!(await flush())) {
        toast.error('Save the draft before publishing it.');
        return;
      }
      const result = await publishChatbot(chatbot.id);
      if (result.published) {
        remember(result.chatbot);
        setRefusal(null);
        toast.success(chatbotMessages.published);
      } else setRefusal({ flow, problems: result.problems });
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'The flow could not be published.');
    } finally {
      setPublishing(false);
    }
  }

  // Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) anywhere on the page but in a field, which has its own undo, or a dialog.
  // On the document: a block deleted from the keyboard took the focus with it.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (isTyping(event.target) || (event.target instanceof Element && event.target.closest('[role="dialog"]')))
        return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') redo();
      else return;
      event.preventDefault();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [undo, redo]);

  // After a refusal, the list follows the draft: the same check the server ran, on the draft as it is now.
  const problems = refusal && (refusal.flow === flow ? refusal.problems : validateFlowForPublish(flow));
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:h-[calc(100dvh-12rem)] md:min-h-[34rem] dark:border-slate-800 dark:bg-slate-900">
      <BuilderToolbar
        onAdd={add}
        onUndo={undo}
        onRedo={redo}
        canUndo={canUndo}
        canRedo={canRedo}
        status={status}
        onRetrySave={() => void flush()}
        isPreviewOpen={previewOpen}
        onPreview={() => setPreviewOpen((open) => !open)}
        publishing={publishing}
        onPublish={() => void publish()}
      />
      {problems && (
        <PublishProblems
          problems={problems}
          isLive={refusal !== null && refusal.flow !== flow}
          onShowBlock={showBlock}
          onDismiss={() => setRefusal(null)}
        />
      )}
      <div className="flex min-h-0 flex-1 flex-col md:flex-row">
        {isWide ? (
          <div ref={canvasRef} className="min-h-0 min-w-0 flex-1 bg-slate-50 dark:bg-slate-950">
            <FlowCanvas flow={flow} selection={selection} onSelect={select} edit={edit} />
          </div>
        ) : (
          <p className="border-b border-slate-200 px-4 py-6 text-center text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
            The flow builder needs a larger screen
          </p>
        )}
        {previewOpen ? (
          <PreviewPanel chatbotId={chatbot.id} prepare={flush} onClose={() => setPreviewOpen(false)} />
        ) : (
          <SidePanel
            flow={flow}
            selection={selection}
            edit={edit}
            headingRef={headingRef}
            onShowBlock={showBlock}
            onShowEdge={(id) => {
              select({ kind: 'edge', id });
              setFocusPanel((count) => count + 1);
            }}
            onClear={() => {
              select(null);
              setFocusPanel((count) => count + 1);
            }}
          />
        )}
      </div>
    </div>
  );
}
