/**
 * A benchmark run's output: progress on stderr, figures on stdout, and at the end the figures
 * as a Markdown report in bench-results/, with how long the run took.
 */
import fs from "node:fs";

export function benchReport(label: string) {
  const started = performance.now();
  const sections: string[] = [];
  const seconds = () => (performance.now() - started) / 1000;
  const emit = (text: string) => {
    sections.push(text);
    console.log(`${text}\n`);
  };
  return {
    progress: (message: string) => console.error(`[${label} ${seconds().toFixed(0).padStart(5)} s] ${message}`),
    emit,
    /** Adds the run's length and writes the report to bench-results/`file`, titled `title`. */
    write(file: string, title: string) {
      emit(`Whole run: ${Math.floor(seconds() / 60)} min ${Math.floor(seconds() % 60)} s, ${new Date().toISOString()}.`);
      fs.mkdirSync("bench-results", { recursive: true });
      fs.writeFileSync(`bench-results/${file}`, `# ${title}\n\n${sections.join("\n\n")}\n`);
    },
  };
}
