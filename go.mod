module gridplay

go 1.26
