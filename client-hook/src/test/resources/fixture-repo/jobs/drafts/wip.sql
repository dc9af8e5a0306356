-- Work in progress, excluded by sql-guard.yaml.
SELEC half a thought
