/** The stylesheet imported by main.tsx, which esbuild emits as dist/app.css. */
declare module "*.css";
