// The page engine's types (contents, the page store, field queries) are part of the simulated
// app's surface: clients that import Simulator see them without importing WebEngine.
@_exported import WebEngine
