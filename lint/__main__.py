from goldlint.launch import main

main()
