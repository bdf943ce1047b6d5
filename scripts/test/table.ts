import { readStages, stageTable } from "./stage-log";

// Prints the stage table of the file named on the command line (.ci/run's last step).
const file = process.argv[2];
if (!file) throw new Error("usage: node --import tsx scripts/test/table.ts STAGES_FILE");
console.log(stageTable(readStages(file)));
