package exit
