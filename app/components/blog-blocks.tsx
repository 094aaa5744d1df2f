import type { ContentBlock } from "#app/blog/content-blocks.ts";

/**
 * A post's content blocks as semantic HTML. Text is always text: nothing from the database is
 * rendered as HTML. External buttons open in a new tab with rel="noopener".
 */
export function BlogBlocks({ blocks }: { blocks: ContentBlock[] }) {
  return (
    <div className="blog-content space-y-5 text-lg leading-relaxed">
      {blocks.map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </div>
  );
}

const buttonSize = { sm: "px-3 py-1.5 text-sm", default: "px-5 py-2.5", lg: "px-6 py-3 text-lg" } as const;

function Block({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case "paragraph":
      return <p className="whitespace-pre-line">{block.content}</p>;
    case "heading": {
      // The post's title is the page's only h1: a level-1 block heading is an h2 as well
      // (larger), so the outline never skips a level.
      const Tag = block.level === 3 ? "h3" : "h2";
      const size = ["text-2xl", "text-xl", "text-lg"][block.level - 1];
      return <Tag className={`${size} mt-8 font-bold`}>{block.content}</Tag>;
    }
    case "image":
      return (
        <figure>
          <img src={block.url} alt={block.alt} loading="lazy" className="w-full rounded-lg object-cover" />
          {block.caption ? <figcaption className="mt-2 text-center text-sm text-muted">{block.caption}</figcaption> : null}
        </figure>
      );
    case "button": {
      const look =
        block.variant === "outline"
          ? "border-2 border-brand-600 text-brand-700 hover:bg-brand-50"
          : "bg-brand-600 text-white hover:bg-brand-700";
      return (
        <p>
          <a
            href={block.url}
            {...(block.external ? { target: "_blank", rel: "noopener" } : {})}
            className={`inline-block rounded-md font-semibold ${buttonSize[block.size ?? "default"]} ${look}`}
          >
            {block.text}
            {block.external ? <span className="sr-only"> (öppnas i en ny flik)</span> : null}
          </a>
        </p>
      );
    }
    case "list": {
      const List = block.style === "ordered" ? "ol" : "ul";
      return (
        <List className={`space-y-1 pl-6 ${block.style === "ordered" ? "list-decimal" : "list-disc"}`}>
          {block.items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </List>
      );
    }
    case "quote":
      return (
        <figure className="border-l-4 border-brand-500 pl-4">
          <blockquote className="italic">{block.content}</blockquote>
          {block.cite ? <figcaption className="mt-1 text-sm text-muted">— {block.cite}</figcaption> : null}
        </figure>
      );
  }
}
