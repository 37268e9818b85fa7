from goldlint.cli import main

main()
