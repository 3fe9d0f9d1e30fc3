print("webnav")
